import { useRoute } from '@halcyon/api/swr';
import { Card, Link, Select } from '@halcyon/design-system';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { resourceCountries, worksheets, type ResourceCountry, type Worksheet } from '../../features/help/content';
import { HelpFooter } from '../../features/help/HelpFooter';
import { HelpHeader } from '../../features/help/HelpHeader';
import { Download } from '../../features/help/icons';
import { Markdown } from '../../features/help/Markdown';
import styles from '../../features/help/help.module.css';

/** The country of a browser language's region ("en-IE" -> Ireland), if we have its resources. */
const REGION_TO_COUNTRY: Record<string, string> = {
  GB: 'uk',
  UK: 'uk',
  IE: 'ireland',
  US: 'us',
  CA: 'canada',
  AU: 'australia',
};

/**
 * The country to show first: the address's `?country=`, else the practice's country (ISO code, "GB"), else the
 * browser's region, else the first one.
 */
export function pickCountry(
  requested: string | null,
  languages: readonly string[],
  practiceCountry: string | null = null,
): ResourceCountry | undefined {
  const byCode = (code: string | undefined) =>
    code ? resourceCountries.find((country) => country.code === code.toLowerCase()) : undefined;
  const fromLanguage = languages
    .map((language) => REGION_TO_COUNTRY[language.split('-')[1]?.toUpperCase() ?? ''])
    .find(Boolean);
  const fromPractice = practiceCountry ? REGION_TO_COUNTRY[practiceCountry.toUpperCase()] : undefined;
  return byCode(requested ?? undefined) ?? byCode(fromPractice) ?? byCode(fromLanguage) ?? resourceCountries[0];
}

/** A worksheet as a text file to save: the link carries the file itself, so it works offline and needs no server. */
export function worksheetDownload(worksheet: Worksheet): { href: string; filename: string } {
  return {
    href: `data:text/plain;charset=utf-8,${encodeURIComponent(worksheet.text)}`,
    filename: `${worksheet.slug}.txt`,
  };
}

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

/**
 * /Need-help/Resources-hub: crisis lines (phone numbers are tel: links) and professional bodies for one country at a
 * time (`?country=uk`, `ireland`, `us`, `canada` or `australia`), and worksheets to download.
 */
export function ResourcesPage() {
  const [params, setParams] = useSearchParams();
  const { hash } = useLocation();
  // Need-help is for Admins and Therapists (SPEC.md §6), who may read the practice's settings.
  const practiceCountry = useRoute('getPracticeSettings').data?.country ?? null;
  const country = pickCountry(params.get('country'), browserLanguages(), practiceCountry);

  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  return (
    <div className={styles.page}>
      <HelpHeader
        title="Resources hub"
        description="Crisis lines and professional bodies by country, and worksheets to use with clients."
      />
      <p className={styles.notice}>
        If someone is in immediate danger, call the emergency services: 999 in the UK, 112 or 999 in Ireland, 911 in the
        US and Canada, 000 in Australia. These services are not part of Halcyon, and they sometimes change their
        numbers: check a number before you give it to a client.
      </p>
      <div className={styles.search}>
        <Select
          label="Country"
          options={resourceCountries.map((c) => ({ value: c.code, label: c.name }))}
          value={country?.code ?? ''}
          onValueChange={(code) => setParams({ country: code }, { replace: true })}
        />
      </div>
      {country && (
        <section aria-labelledby="country-heading">
          <h2 id="country-heading" className={styles.sectionTitle}>
            {country.name}
          </h2>
          <Markdown source={country.body} headingOffset={1} />
        </section>
      )}
      <section id="worksheets" aria-labelledby="worksheets-heading">
        <h2 id="worksheets-heading" className={styles.sectionTitle}>
          Worksheets to download
        </h2>
        <ul className={styles.grid}>
          {worksheets.map((worksheet) => {
            const file = worksheetDownload(worksheet);
            return (
              <li key={worksheet.slug} id={`worksheet-${worksheet.slug}`}>
                <Card>
                  <Card.Header>
                    <Card.Title>{worksheet.title}</Card.Title>
                  </Card.Header>
                  <Card.Body>
                    <p className={styles.cardText}>{worksheet.description}</p>
                  </Card.Body>
                  <Card.Footer>
                    <Link href={file.href} download={file.filename} variant="standalone">
                      <Download aria-hidden className={styles.inlineIcon} />
                      Download {worksheet.title.toLowerCase()} (text file)
                    </Link>
                  </Card.Footer>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>
      <HelpFooter />
    </div>
  );
}
