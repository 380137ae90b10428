import { describePersonalDataKind } from '../../test/factories/personal-data.ts';
import { attendeesPersonalData } from './attendees.privacy.ts';

// The holder's ticket in her name: names and address go, the ticket stays.
describePersonalDataKind(attendeesPersonalData, { held: 1, erased: 1, kept: 0 });
