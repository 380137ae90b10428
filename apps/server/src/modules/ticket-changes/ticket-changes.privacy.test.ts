import { describePersonalDataKind } from '../../test/factories/personal-data.ts';
import { ticketTransfersPersonalData } from './ticket-changes.privacy.ts';

// Her side of a transfer (Marta's stays) and her «find my tickets» link.
describePersonalDataKind(ticketTransfersPersonalData, { held: 2, erased: 2, kept: 0 });
