import { describePersonalDataKind } from '../../test/factories/personal-data.ts';
import { checkInsPersonalData } from './check-in.privacy.ts';

// Her check-in names no one: it stays (the door's copy of her name follows the attendee's).
describePersonalDataKind(checkInsPersonalData, { held: 1, erased: 0, kept: 1 });
