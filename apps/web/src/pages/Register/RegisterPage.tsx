import { useApiClient } from '@halcyon/api/swr';
import { countryField, registerBodySchema, timeZoneField } from '@halcyon/api/contract';
import { Button, Checkbox, PasswordField, TextField } from '@halcyon/design-system';
import { useState } from 'react';
import { TextLink } from '../../app/TextLink';
import { fromSchema, useForm, type Validator } from '../../features/forms/useForm';
import { PasswordStrength } from '../../features/forms/PasswordStrength';
import { CountryField, TimeZoneField } from '../../features/forms/PlaceFields';
import { browserCountry, browserTimeZone } from '../../features/forms/places';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';

interface RegisterValues extends Record<string, string | boolean> {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  practice_name: string;
  country: string;
  time_zone: string;
  accept_terms: boolean;
}

const shape = registerBodySchema.shape;
const validators: Partial<Record<keyof RegisterValues & string, Validator<RegisterValues>>> = {
  first_name: fromSchema(shape.first_name),
  last_name: fromSchema(shape.last_name),
  email: fromSchema(shape.email),
  password: fromSchema(shape.password),
  practice_name: fromSchema(shape.practice_name),
  // Optional for the API (older callers); the page always asks for both.
  country: fromSchema(countryField),
  time_zone: fromSchema(timeZoneField),
  accept_terms: (value) => (value === true ? undefined : 'Please accept the terms of service to continue.'),
};

/**
 * /Register (CATALOG.md): the practice's first Admin, its name, country and time zone (the browser's own, until changed);
 * a validation e-mail is sent and sign-in waits for it.
 */
export function RegisterPage() {
  const client = useApiClient();
  const [done, setDone] = useState<string | null>(null);
  const registration = useForm<RegisterValues>({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      practice_name: '',
      country: browserCountry(),
      time_zone: browserTimeZone(),
      accept_terms: false,
    },
    validators,
  });
  const { values } = registration;

  const onSubmit = registration.handleSubmit(async ({ accept_terms: _accepted, ...body }) => {
    const answer = await client.call('register', { body });
    setDone(answer?.detail ?? 'Thank you. Please open the link we have sent to confirm your address, then sign in.');
  });

  if (done) {
    return (
      <PublicLayout title="Check your e-mail" footer={<TextLink to="/Login">Go to sign in</TextLink>}>
        <FormMessage tone="success">{done}</FormMessage>
      </PublicLayout>
    );
  }

  const terms = registration.checkbox('accept_terms');
  return (
    <PublicLayout
      title="Create your practice"
      description="Set up Halcyon for your practice. You will be its administrator."
      footer={
        <>
          <span>Already have an account?</span>
          <TextLink to="/Login">Sign in</TextLink>
        </>
      }
    >
      <form className={form.form} onSubmit={onSubmit} noValidate>
        {registration.formError && <FormMessage tone="error">{registration.formError}</FormMessage>}
        <div className={form.row}>
          <TextField label="First name" autoComplete="given-name" required {...registration.field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" required {...registration.field('last_name')} />
        </div>
        <TextField label="E-mail" type="email" autoComplete="email" required {...registration.field('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          describedBy="register-password-strength"
          {...registration.field('password')}
        />
        <PasswordStrength id="register-password-strength" password={registration.values.password} />
        <TextField
          label="Practice name"
          autoComplete="organization"
          required
          {...registration.field('practice_name')}
        />
        <div className={form.row}>
          <CountryField
            required
            value={values.country}
            onChange={(code) => registration.setValue('country', code)}
            onBlur={registration.field('country').onBlur}
            error={registration.field('country').error}
          />
          <TimeZoneField
            required
            hint="Every date and time in Halcyon shows in this time zone."
            value={values.time_zone}
            onChange={(zone) => registration.setValue('time_zone', zone)}
            onBlur={registration.field('time_zone').onBlur}
            error={registration.field('time_zone').error}
          />
        </div>
        <Checkbox
          label="I accept the terms of service"
          hint={<TextLink to="/Terms-of-service">Read the terms of service</TextLink>}
          required
          name={terms.name}
          checked={terms.checked}
          onCheckedChange={(checked) => terms.onCheckedChange(checked === true)}
          error={terms.error}
        />
        <Button type="submit" disabled={registration.submitting}>
          {registration.submitting ? 'Creating your practice…' : 'Create account'}
        </Button>
      </form>
    </PublicLayout>
  );
}
