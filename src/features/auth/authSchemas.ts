import * as yup from 'yup';
import { copy } from '@contract/copy';

const email = yup
  .string()
  .trim()
  .required(copy.auth.emailRequired)
  .matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, copy.auth.emailInvalid);

const password = yup.string().required(copy.auth.passwordRequired).min(6, copy.auth.passwordShort);

/** The spec's login rules and messages. */
export const loginSchema = yup.object({ email, password });

/** The spec's registration rules and messages. */
export const registerSchema = yup.object({
  Name: yup.string().trim().required(copy.auth.nameRequired),
  email,
  password,
});

export const emailOnlySchema = yup.object({ email });
