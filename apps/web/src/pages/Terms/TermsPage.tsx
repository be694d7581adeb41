import { Button } from '@halcyon/design-system';
import { TextLink } from '../../app/TextLink';
import { PublicLayout } from '../../features/public/PublicLayout';
import styles from './TermsPage.module.css';

const SECTIONS: ReadonlyArray<{ heading: string; paragraphs: readonly string[] }> = [
  {
    heading: '1. Who we are and what these terms cover',
    paragraphs: [
      'These terms govern the use of Halcyon, a practice-management service for therapists, counsellors and their assistants. By creating an account for your practice you accept them on behalf of the practice.',
    ],
  },
  {
    heading: '2. Your account',
    paragraphs: [
      'Keep your password private and turn on 2-step verification. You are responsible for what is done with the accounts of your practice. Tell us at once if you think an account has been misused.',
      'The administrator of a practice invites team members, chooses their roles and can deactivate them at any time.',
    ],
  },
  {
    heading: '3. Client information',
    paragraphs: [
      'Your practice remains the controller of the information about your clients. We process it only to provide the service, under your instructions, and never sell it or use it for advertising.',
      'Every read and change of client records is logged so that you can see who did what and when.',
    ],
  },
  {
    heading: '4. Acceptable use',
    paragraphs: [
      'Do not use the service for anything unlawful, do not try to reach another practice’s information, and do not interfere with the service’s security or availability.',
    ],
  },
  {
    heading: '5. Availability and changes',
    paragraphs: [
      'We work to keep the service available and your information backed up. We may change these terms; we will tell administrators about material changes before they apply.',
    ],
  },
  {
    heading: '6. Ending your use',
    paragraphs: [
      'You may stop using the service at any time. On request we export your practice’s information and then delete it, except where the law requires us to keep it.',
    ],
  },
];

/** /Terms-of-service: the terms, readable and printable. */
export function TermsPage() {
  return (
    <PublicLayout
      wide
      title="Terms of service"
      description="Please read these terms before you create an account."
      footer={
        <>
          <TextLink to="/Register">Create an account</TextLink>
          <TextLink to="/Login">Sign in</TextLink>
        </>
      }
    >
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => window.print()}>
          Print the terms
        </Button>
      </div>
      <article className={styles.terms}>
        {SECTIONS.map((section) => (
          <section key={section.heading}>
            <h2 className={styles.heading}>{section.heading}</h2>
            {section.paragraphs.map((text) => (
              <p key={text.slice(0, 32)}>{text}</p>
            ))}
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
