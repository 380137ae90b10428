import { describePersonalDataKind } from '../../test/factories/personal-data.ts';
import { messageDeliveriesPersonalData } from './messages.privacy.ts';

// The delivery of a message to her; Pablo's stays.
describePersonalDataKind(messageDeliveriesPersonalData, { held: 1, erased: 1, kept: 0 });
