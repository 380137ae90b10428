import { describePersonalDataKind } from '../../test/factories/personal-data.ts';
import { ordersPersonalData } from './orders.privacy.ts';

// The buyer's names, address, invoice details and the organizer's notes go; amounts stay.
describePersonalDataKind(ordersPersonalData, {
  held: 1,
  erased: 1,
  kept: 0,
  gone: ['Calle Mayor', '12345678Z', 'llega tarde'],
});
