-- A tyre model's pictures (issue 51; owner models/modelPictureTable.ts), in the gallery order
-- the admin sets, each with its alt text; `product_id` when it shows one size only.
CREATE TABLE "model_pictures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" uuid NOT NULL,
	"product_id" uuid,
	"url" text NOT NULL,
	"alt" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "model_pictures" ADD CONSTRAINT "model_pictures_model_id_tyre_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."tyre_models"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "model_pictures" ADD CONSTRAINT "model_pictures_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "model_pictures_model_idx" ON "model_pictures" USING btree ("model_id","position");
