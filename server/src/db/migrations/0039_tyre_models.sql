-- Tyre models (issue 51; owner models/modelTable.ts): brand and pattern, their sizes being the
-- products (products.model_id). The data migration `tyre-models-from-names` groups the products
-- stored before; every product added after gets its model as it is stored.
CREATE TABLE "tyre_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"brand" text NOT NULL,
	"pattern" text NOT NULL,
	"category" text NOT NULL,
	"season" text,
	"description" text NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tyre_models_key_key" ON "tyre_models" USING btree ("key");
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_id" uuid;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_model_id_tyre_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."tyre_models"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "products_model_idx" ON "products" USING btree ("model_id");
