import { describePersonalDataKind } from '../test/factories/personal-data.ts';
import { emailJobsPersonalData } from './mailer.privacy.ts';

// The e-mails to her and about her orders: their contents go, unsent ones are given up.
describePersonalDataKind(emailJobsPersonalData, { held: 'some', erased: 'some', kept: 0 });
