import { useApiClient } from '@halcyon/api/swr';
import { countryField, registerBodySchema, timeZoneField } from '@halcyon/api/contract';
import { Button, Checkbox, FieldRow, PasswordField, TextField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { TextLink } from '../../app/TextLink';
import { PasswordStrength } from '../../features/forms/PasswordStrength';
import { CountryField, TimeZoneField } from '../../features/forms/PlaceFields';
import { browserCountry, browserTimeZone } from '../../features/forms/places';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';

const registerFormSchema = registerBodySchema.extend({
  // Optional for the API (older callers); the page always asks for both.
  country: countryField,
  timeZone: timeZoneField,
  accept_terms: z.literal(true, { error: 'Please accept the terms of service to continue.' }),
});

/**
 * /Register (CATALOG.md): the practice's first Admin, its name, country and time zone (the browser's own, until changed);
 * a validation e-mail is sent and sign-in waits for it.
 */
export function RegisterPage() {
  const client = useApiClient();
  const [done, setDone] = useState<string | null>(null);
  const registration = useContractForm(registerFormSchema, {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      practiceName: '',
      country: browserCountry(),
      timeZone: browserTimeZone(),
    },
    submit: async ({ accept_terms: _accepted, ...body }) => {
      const answer = await client.call('register', { body });
      setDone(answer?.detail ?? 'Thank you. Please open the link we have sent to confirm your address, then sign in.');
    },
  });
  const { form: fields, field, errorOf } = registration;
  const password = useWatch({ control: fields.control, name: 'password' });

  if (done) {
    return (
      <PublicLayout title="Check your e-mail" footer={<TextLink to="/Login">Go to sign in</TextLink>}>
        <FormMessage tone="success">{done}</FormMessage>
      </PublicLayout>
    );
  }

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
      <form className={form.form} onSubmit={registration.onSubmit} noValidate>
        {registration.submitError && <FormMessage tone="error">{registration.submitError}</FormMessage>}
        <FieldRow columnMin="sm">
          <TextField label="First name" autoComplete="given-name" required {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required {...field('lastName')} />
        </FieldRow>
        <TextField label="E-mail" type="email" autoComplete="email" required {...field('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          describedBy="register-password-strength"
          {...field('password')}
        />
        <PasswordStrength id="register-password-strength" password={password} />
        <TextField label="Practice name" autoComplete="organization" required {...field('practiceName')} />
        <Controller
          control={fields.control}
          name="country"
          render={({ field: input }) => (
            <CountryField
              required
              hint="Sets the currency of your services and invoices; you can change it later in Settings."
              value={input.value ?? ''}
              onChange={input.onChange}
              timeZone={{
                value: () => fields.getValues('timeZone'),
                onChange: (zone) => fields.setValue('timeZone', zone, { shouldValidate: true }),
              }}
              onBlur={input.onBlur}
              error={errorOf('country')}
            />
          )}
        />
        <Controller
          control={fields.control}
          name="timeZone"
          render={({ field: input }) => (
            <TimeZoneField
              required
              hint="Every date and time in Halcyon shows in this time zone."
              value={input.value ?? ''}
              onChange={input.onChange}
              onBlur={input.onBlur}
              error={errorOf('timeZone')}
            />
          )}
        />
        <Controller
          control={fields.control}
          name="accept_terms"
          render={({ field: input }) => (
            <Checkbox
              label="I accept the terms of service"
              hint={<TextLink to="/Terms-of-service">Read the terms of service</TextLink>}
              required
              name={input.name}
              checked={input.value === true}
              onCheckedChange={(checked) => {
                input.onChange(checked === true);
                input.onBlur();
              }}
              error={errorOf('accept_terms')}
            />
          )}
        />
        <Button type="submit" disabled={registration.busy}>
          {registration.busy ? 'Creating your practice…' : 'Create account'}
        </Button>
      </form>
    </PublicLayout>
  );
}
