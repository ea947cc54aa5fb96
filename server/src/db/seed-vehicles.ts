/**
 * Car versions common in Europe and the tyre size each left the factory on, written as data from
 * the makers' public specifications (owner's manuals, tyre pressure placards, published
 * technical data). Makers list several wheel options for most versions; each row keeps one common
 * original fitment (rear given only where it differs from the front). Admins add and change
 * versions with the fitments CSV import; this list is what a new store starts with. What each
 * needs of its tyres (load index, speed rating, OE marks …) is in seed-vehicle-needs.ts.
 */
import type { NewVehicle } from '../vehicles/vehicleTable';
import { seedNeeds } from './seed-vehicle-needs';

type Size = NewVehicle['front'];
const size = (width: number, aspect: number, rim: number): Size => ({ width, aspect, rim });

/** make, model, generation, engine, first year, last year (null: still made), front, rear. */
type Row = [string, string, string, string, number, number | null, Size, Size?];

const rows: Row[] = [
  ['VW', 'Golf', 'VII', '1.0 TSI', 2015, 2020, size(195, 65, 15)],
  ['VW', 'Golf', 'VII', '1.4 TSI', 2012, 2020, size(205, 55, 16)],
  ['VW', 'Golf', 'VII', '2.0 TDI', 2012, 2020, size(205, 55, 16)],
  ['VW', 'Golf', 'VII', 'GTI 2.0 TSI', 2013, 2020, size(225, 45, 17)],
  ['VW', 'Golf', 'VIII', '1.5 TSI', 2020, null, size(205, 55, 16)],
  ['VW', 'Golf', 'VIII', '2.0 TDI', 2020, null, size(205, 55, 16)],
  ['VW', 'Polo', 'V', '1.2 TSI', 2009, 2017, size(185, 60, 15)],
  ['VW', 'Polo', 'VI', '1.0 TSI', 2017, null, size(185, 65, 15)],
  ['VW', 'Passat', 'B8', '2.0 TDI', 2014, 2023, size(215, 55, 17)],
  ['VW', 'Tiguan', 'II', '2.0 TDI', 2016, 2024, size(215, 65, 17)],
  ['VW', 'T-Roc', '', '1.5 TSI', 2017, null, size(215, 60, 16)],
  ['VW', 'up!', '', '1.0 MPI', 2011, 2023, size(165, 70, 14)],
  ['Skoda', 'Octavia', 'III', '1.6 TDI', 2013, 2020, size(205, 55, 16)],
  ['Skoda', 'Octavia', 'IV', '2.0 TDI', 2020, null, size(205, 55, 16)],
  ['Skoda', 'Fabia', 'III', '1.0 TSI', 2014, 2021, size(185, 60, 15)],
  ['Skoda', 'Superb', 'III', '2.0 TDI', 2015, null, size(215, 55, 17)],
  ['Skoda', 'Kodiaq', '', '2.0 TDI', 2016, 2024, size(215, 65, 17)],
  ['Skoda', 'Karoq', '', '1.5 TSI', 2017, null, size(215, 60, 17)],
  ['Skoda', 'Scala', '', '1.0 TSI', 2019, null, size(205, 55, 16)],
  ['Seat', 'Leon', 'III', '1.4 TSI', 2012, 2020, size(205, 55, 16)],
  ['Seat', 'Ibiza', 'V', '1.0 TSI', 2017, null, size(185, 65, 15)],
  ['Audi', 'A3', '8V', '1.4 TFSI', 2012, 2020, size(205, 55, 16)],
  ['Audi', 'A4', 'B9', '2.0 TDI', 2015, 2024, size(225, 50, 17)],
  ['Audi', 'A6', 'C8', '40 TDI', 2018, null, size(225, 55, 18)],
  ['Audi', 'Q5', 'FY', '40 TDI', 2017, null, size(235, 60, 18)],
  ['Audi', 'TT', '8S', '2.0 TFSI', 2014, 2023, size(245, 40, 18)],
  ['BMW', '1 Series', 'F20', '118i', 2015, 2019, size(205, 55, 16)],
  ['BMW', '3 Series', 'F30', '320d', 2012, 2019, size(225, 50, 17)],
  ['BMW', '3 Series', 'G20', '320d', 2019, null, size(225, 50, 17)],
  ['BMW', '3 Series', 'G20', '330i M Sport', 2019, null, size(225, 40, 19), size(255, 35, 19)],
  ['BMW', '5 Series', 'G30', '520d', 2017, 2023, size(225, 55, 17)],
  ['BMW', 'X1', 'F48', 'sDrive18i', 2015, 2022, size(225, 55, 17)],
  ['Mercedes-Benz', 'A-Class', 'W176', 'A 180', 2012, 2018, size(205, 55, 16)],
  ['Mercedes-Benz', 'A-Class', 'W177', 'A 180', 2018, null, size(205, 60, 16)],
  ['Mercedes-Benz', 'C-Class', 'W205', 'C 220 d', 2014, 2021, size(205, 60, 16)],
  [
    'Mercedes-Benz',
    'C-Class',
    'W205',
    'C 300 AMG Line',
    2014,
    2021,
    size(225, 45, 18),
    size(245, 40, 18),
  ],
  ['Mercedes-Benz', 'E-Class', 'W213', 'E 220 d', 2016, 2023, size(225, 55, 17)],
  ['Mercedes-Benz', 'GLC', 'X253', '220 d 4MATIC', 2015, 2022, size(235, 60, 18)],
  ['Opel', 'Astra', 'K', '1.4 Turbo', 2015, 2021, size(205, 55, 16)],
  ['Opel', 'Corsa', 'E', '1.4', 2014, 2019, size(185, 65, 15)],
  ['Opel', 'Corsa', 'F', '1.2', 2019, null, size(195, 55, 16)],
  ['Ford', 'Fiesta', 'VII', '1.0 EcoBoost', 2017, 2023, size(195, 55, 16)],
  ['Ford', 'Focus', 'III', '1.6', 2011, 2018, size(205, 55, 16)],
  ['Ford', 'Focus', 'IV', '1.0 EcoBoost', 2018, null, size(205, 60, 16)],
  ['Ford', 'Kuga', 'III', '1.5 EcoBoost', 2019, null, size(225, 65, 17)],
  ['Ford', 'Puma', '', '1.0 EcoBoost Hybrid', 2019, null, size(215, 55, 17)],
  ['Renault', 'Clio', 'IV', '0.9 TCe', 2012, 2019, size(185, 65, 15)],
  ['Renault', 'Clio', 'V', '1.0 TCe', 2019, null, size(195, 55, 16)],
  ['Renault', 'Megane', 'IV', '1.3 TCe', 2016, null, size(205, 55, 16)],
  ['Renault', 'Captur', 'II', '1.3 TCe', 2019, null, size(215, 60, 17)],
  ['Renault', 'Zoe', '', 'R110', 2019, 2024, size(195, 55, 16)],
  ['Peugeot', '208', 'I', '1.2 PureTech', 2012, 2019, size(185, 65, 15)],
  ['Peugeot', '208', 'II', '1.2 PureTech', 2019, null, size(195, 55, 16)],
  ['Peugeot', '308', 'II', '1.2 PureTech', 2013, 2021, size(205, 55, 16)],
  ['Peugeot', '3008', 'II', '1.5 BlueHDi', 2016, null, size(225, 55, 18)],
  ['Citroën', 'C3', 'III', '1.2 PureTech', 2016, null, size(185, 65, 15)],
  ['Dacia', 'Sandero', 'II', '1.0 SCe', 2012, 2020, size(185, 65, 15)],
  ['Dacia', 'Duster', 'II', '1.5 dCi', 2017, 2024, size(215, 65, 16)],
  ['Fiat', '500', '', '1.2', 2007, 2024, size(175, 65, 14)],
  ['Fiat', 'Panda', 'III', '1.2', 2012, null, size(175, 65, 14)],
  ['Toyota', 'Yaris', 'IV', '1.5 Hybrid', 2020, null, size(185, 65, 15)],
  ['Toyota', 'Corolla', 'E210', '1.8 Hybrid', 2019, null, size(205, 55, 16)],
  ['Toyota', 'RAV4', 'V', '2.5 Hybrid', 2019, null, size(225, 65, 17)],
  ['Toyota', 'C-HR', '', '1.8 Hybrid', 2016, 2023, size(215, 60, 17)],
  ['Hyundai', 'i30', 'III', '1.0 T-GDi', 2017, null, size(205, 55, 16)],
  ['Hyundai', 'Tucson', 'IV', '1.6 T-GDi', 2020, null, size(215, 65, 17)],
  ['Kia', 'Ceed', 'III', '1.0 T-GDi', 2018, null, size(205, 55, 16)],
  ['Kia', 'Sportage', 'V', '1.6 T-GDi', 2021, null, size(215, 65, 17)],
  ['Nissan', 'Qashqai', 'II', '1.3 DIG-T', 2017, 2021, size(215, 60, 17)],
  ['Nissan', 'Juke', 'II', '1.0 DIG-T', 2019, null, size(215, 60, 17)],
  ['Mazda', '3', 'IV', '2.0 Skyactiv-G', 2019, null, size(205, 60, 16)],
  ['Mazda', 'CX-5', 'II', '2.0 Skyactiv-G', 2017, null, size(225, 65, 17)],
  ['Volvo', 'XC40', '', 'T3', 2017, null, size(235, 55, 18)],
  ['Volvo', 'XC60', 'II', 'B4', 2017, null, size(235, 60, 18)],
  ['Tesla', 'Model 3', '', 'RWD', 2019, null, size(235, 45, 18)],
  ['Tesla', 'Model Y', '', 'Long Range', 2021, null, size(255, 45, 19)],
  ['Mini', 'Hatch', 'F56', 'Cooper', 2014, null, size(195, 55, 16)],
  ['Porsche', '911', '992', 'Carrera', 2019, null, size(235, 40, 20), size(295, 35, 21)],
];

export const seedVehicles: NewVehicle[] = rows.map(
  ([make, model, generation, engine, yearFrom, yearTo, front, rear = front]) => ({
    make,
    model,
    generation,
    engine,
    yearFrom,
    yearTo,
    front,
    rear,
    ...seedNeeds([make, model, generation, engine].filter(Boolean).join(' '), make, front, rear),
  }),
);
