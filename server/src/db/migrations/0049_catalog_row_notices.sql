-- The notices of a market price or a model picture changed come from one trigger function,
-- defined with its triggers in server/src/db/functions/notify_catalog_rows.sql (applied after
-- the migrations at every start). The two functions it replaces go, with their triggers.
DROP FUNCTION IF EXISTS notify_market_price_changed() CASCADE;
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_model_pictures_changed() CASCADE;
