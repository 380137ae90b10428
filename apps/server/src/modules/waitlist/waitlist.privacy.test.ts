import { describePersonalDataKind } from '../../test/factories/personal-data.ts';
import { waitlistPersonalData } from './waitlist.privacy.ts';

// Her waiting-list sign-up: pseudonymised, and she leaves the list.
describePersonalDataKind(waitlistPersonalData, { held: 1, erased: 1, kept: 0 });
