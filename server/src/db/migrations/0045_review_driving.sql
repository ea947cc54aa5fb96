-- A review of one tyre (issue 51): the size it is of, the reviewer's car and how far the tyres
-- were driven (whole km), each optional; a model's page lists the reviews of all its sizes.
ALTER TABLE "reviews" ADD COLUMN "product_id" uuid REFERENCES "products"("id");
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "car_make" text;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "car_model" text;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "car_year" integer;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "distance_km" integer;
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_car_whole" CHECK (("car_make" is null) = ("car_model" is null) and ("car_make" is null) = ("car_year" is null));
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_distance_positive" CHECK ("distance_km" > 0);
--> statement-breakpoint
CREATE INDEX "reviews_product_newest_idx" ON "reviews" USING btree ("product_id","created_at" DESC,"id" DESC) WHERE "hidden_at" is null and "product_id" is not null;
