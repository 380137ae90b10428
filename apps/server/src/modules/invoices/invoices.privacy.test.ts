import { describePersonalDataKind } from '../../test/factories/personal-data.ts';
import { invoicesPersonalData } from './invoices.privacy.ts';

// Her invoice is a legal document: listed, never changed.
describePersonalDataKind(invoicesPersonalData, { held: 1, erased: 0, kept: 1 });
