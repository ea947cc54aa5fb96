-- The three markets the store opens with (issue 46). US: the spec's dollar prices as they are,
-- sales tax added at checkout at the state's rate (state rates only; local taxes need Stripe
-- Tax), per-tyre state fees where a state charges one. DE and GB: prices shown with VAT
-- included (19 % and 20 %), converted from the dollar price and rounded to .99 unless a product
-- has a price of its own. Admins change them with PUT /api/markets/:code.
INSERT INTO "markets" ("code", "name", "currency", "locale", "countries", "tax_included",
  "region_required", "tax_rates", "fees", "conversion", "position") VALUES
  ('US', 'United States', 'USD', 'en-US', ARRAY['US'], false, true,
   '{"kinds":{"services":0,"fees":0,"delivery":0},"regions":{"AL":{"tyres":4,"parts":4},"AK":{"tyres":0,"parts":0},"AZ":{"tyres":5.6,"parts":5.6},"AR":{"tyres":6.5,"parts":6.5},"CA":{"tyres":7.25,"parts":7.25},"CO":{"tyres":2.9,"parts":2.9},"CT":{"tyres":6.35,"parts":6.35},"DE":{"tyres":0,"parts":0},"DC":{"tyres":6,"parts":6},"FL":{"tyres":6,"parts":6},"GA":{"tyres":4,"parts":4},"HI":{"tyres":4,"parts":4},"ID":{"tyres":6,"parts":6},"IL":{"tyres":6.25,"parts":6.25},"IN":{"tyres":7,"parts":7},"IA":{"tyres":6,"parts":6},"KS":{"tyres":6.5,"parts":6.5},"KY":{"tyres":6,"parts":6},"LA":{"tyres":4.45,"parts":4.45},"ME":{"tyres":5.5,"parts":5.5},"MD":{"tyres":6,"parts":6},"MA":{"tyres":6.25,"parts":6.25},"MI":{"tyres":6,"parts":6},"MN":{"tyres":6.875,"parts":6.875},"MS":{"tyres":7,"parts":7},"MO":{"tyres":4.225,"parts":4.225},"MT":{"tyres":0,"parts":0},"NE":{"tyres":5.5,"parts":5.5},"NV":{"tyres":6.85,"parts":6.85},"NH":{"tyres":0,"parts":0},"NJ":{"tyres":6.625,"parts":6.625},"NM":{"tyres":4.875,"parts":4.875},"NY":{"tyres":4,"parts":4},"NC":{"tyres":4.75,"parts":4.75},"ND":{"tyres":5,"parts":5},"OH":{"tyres":5.75,"parts":5.75},"OK":{"tyres":4.5,"parts":4.5},"OR":{"tyres":0,"parts":0},"PA":{"tyres":6,"parts":6},"RI":{"tyres":7,"parts":7},"SC":{"tyres":6,"parts":6},"SD":{"tyres":4.2,"parts":4.2},"TN":{"tyres":7,"parts":7},"TX":{"tyres":6.25,"parts":6.25},"UT":{"tyres":6.1,"parts":6.1},"VT":{"tyres":6,"parts":6},"VA":{"tyres":5.3,"parts":5.3},"WA":{"tyres":6.5,"parts":6.5},"WV":{"tyres":6,"parts":6},"WI":{"tyres":5,"parts":5},"WY":{"tyres":4,"parts":4}}}'::jsonb,
   '{"fittingPerTyre":[{"upToRim":16,"minor":2500},{"upToRim":18,"minor":3000},{"upToRim":null,"minor":3500}],"valvesPerTyre":500,"disposalPerTyre":350,"delivery":995,"tyreFeeByRegion":{"CA":175,"NY":250,"NJ":150,"FL":100,"IL":250,"WA":100,"PA":100,"MD":80,"VA":50,"RI":50}}'::jsonb,
   '{"perDollar":1,"ending":null}'::jsonb, 0),
  ('DE', 'Deutschland', 'EUR', 'de-DE', ARRAY['DE'], true, false,
   '{"kinds":{"tyres":19,"parts":19,"services":19,"fees":19,"delivery":19},"regions":{}}'::jsonb,
   '{"fittingPerTyre":[{"upToRim":16,"minor":2000},{"upToRim":18,"minor":2500},{"upToRim":null,"minor":3000}],"valvesPerTyre":400,"disposalPerTyre":300,"delivery":695,"tyreFeeByRegion":{}}'::jsonb,
   '{"perDollar":0.92,"ending":99}'::jsonb, 1),
  ('GB', 'United Kingdom', 'GBP', 'en-GB', ARRAY['GB'], true, false,
   '{"kinds":{"tyres":20,"parts":20,"services":20,"fees":20,"delivery":20},"regions":{}}'::jsonb,
   '{"fittingPerTyre":[{"upToRim":16,"minor":1800},{"upToRim":18,"minor":2200},{"upToRim":null,"minor":2800}],"valvesPerTyre":350,"disposalPerTyre":250,"delivery":595,"tyreFeeByRegion":{}}'::jsonb,
   '{"perDollar":0.79,"ending":99}'::jsonb, 2)
ON CONFLICT ("code") DO NOTHING;
