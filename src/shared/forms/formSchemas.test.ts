import * as yup from 'yup';
import { maxLengthsOf, requiredCount, requiredText } from './formSchemas';

describe('maxLengthsOf', () => {
  it('gives each text field its max, and none to numbers or text without one', () => {
    const schema = yup.object({
      name: requiredText('Name is required', 'Name', 100),
      note: yup.string(),
      count: requiredCount('Count is required', 'Count', 0, 10),
    });
    expect(maxLengthsOf(schema)).toEqual({ name: 100 });
  });
});
