-- What a car needs of its tyres, axle by axle (issue 50): the least load index and speed rating
-- per axle (null: not known), other factory sizes (winter wheels) as a list of front/rear pairs,
-- run-flat tyres and tyre-pressure sensors from the factory, four-wheel drive, and the OE marks
-- its maker approves tyres with. Owner: server/src/vehicles/vehicleTable.ts.
ALTER TABLE "vehicles" ADD COLUMN "front_load_index" integer;
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "front_speed_rating" text;
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "rear_load_index" integer;
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "rear_speed_rating" text;
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "factory_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "run_flat" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "tpms" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "four_wheel_drive" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "oe_marks" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_load_index_known" CHECK (("front_load_index" IS NULL OR "front_load_index" BETWEEN 50 AND 169) AND ("rear_load_index" IS NULL OR "rear_load_index" BETWEEN 50 AND 169));
