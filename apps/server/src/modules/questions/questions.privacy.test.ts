import { describePersonalDataKind } from '../../test/factories/personal-data.ts';
import { answersPersonalData } from './questions.privacy.ts';

// Her answers (the order's phone, her ticket's allergies) go; Pablo's stay.
describePersonalDataKind(answersPersonalData, {
  held: 2,
  erased: 2,
  kept: 0,
});
