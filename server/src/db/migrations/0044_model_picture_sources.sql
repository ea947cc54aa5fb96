-- Where a model's picture was fetched from when the catalogue's CSV named another host's
-- address (issue 51; catalog/pictureColumn.ts): the same address in a later file is this
-- picture again, so an import run twice fetches nothing the second time.
ALTER TABLE "model_pictures" ADD COLUMN "source_url" text;
--> statement-breakpoint
CREATE INDEX "model_pictures_source_idx" ON "model_pictures" USING btree ("source_url");
