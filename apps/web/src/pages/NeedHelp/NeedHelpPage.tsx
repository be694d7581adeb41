import { SEARCH_MAX_LENGTH } from '@halcyon/api/swr';
import { Card, countOf, EmptyState, PageHeader, TextField } from '@halcyon/design-system';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { TextLink } from '../../app/TextLink';
import { HELP_PATHS } from '../../features/help/content';
import { Highlight } from '../../features/help/Highlight';
import { BookOpen, CircleHelp, LifeBuoy, Mail, MessageSquareHeart, SearchX } from '../../features/help/icons';
import { buildHelpIndex, queryTerms, searchHelp } from '../../features/help/search';
import styles from '../../features/help/help.module.css';

const SECTIONS: { title: string; description: string; href: string; icon: ReactNode }[] = [
  {
    title: 'Frequently asked questions',
    description:
      'Short answers about getting started, clients and notes, scheduling, billing, privacy and your account.',
    href: HELP_PATHS.faq,
    icon: <CircleHelp />,
  },
  {
    title: 'How-to guides',
    description:
      'Step-by-step guides: set up your practice, add a client, schedule a session, send an invoice and more.',
    href: HELP_PATHS.guides,
    icon: <BookOpen />,
  },
  {
    title: 'Resources hub',
    description:
      'Crisis lines and professional bodies for the UK, Ireland, the US, Canada and Australia, and worksheets.',
    href: HELP_PATHS.resources,
    icon: <LifeBuoy />,
  },
  {
    title: 'Contact us',
    description: 'Write to support. We reply by e-mail.',
    href: HELP_PATHS.contact,
    icon: <Mail />,
  },
  {
    title: 'Feedback form',
    description: 'Tell us what works for you and what does not.',
    href: HELP_PATHS.feedback,
    icon: <MessageSquareHeart />,
  },
];

const resultsLabel = (count: number, query: string) =>
  count === 0 ? `No results for "${query}"` : `${countOf(count, { one: 'result', other: 'results' })} for "${query}"`;

/** /Need-help: a search across every help article, guide and resource, and the way into each part of the help. */
export function NeedHelpPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const trimmed = query.trim();
  const index = useMemo(() => buildHelpIndex(), []);
  const results = useMemo(() => searchHelp(trimmed, index), [trimmed, index]);
  const terms = useMemo(() => queryTerms(trimmed), [trimmed]);

  return (
    <div className={styles.page}>
      <PageHeader title="Need help" description="Answers, step-by-step guides and resources, or a message to us." />
      <form role="search" aria-label="Help" className={styles.search} onSubmit={(event) => event.preventDefault()}>
        <TextField
          label="Search help"
          hint="Searches the frequently asked questions, how-to guides and resources."
          type="search"
          name="q"
          value={query}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          onChange={(event) => setParams(event.target.value ? { q: event.target.value } : {}, { replace: true })}
        />
        <p className={styles.resultCount} role="status">
          {trimmed ? resultsLabel(results.length, trimmed) : ''}
        </p>
      </form>

      {trimmed ? (
        results.length > 0 ? (
          <ul className={styles.results} aria-label="Search results">
            {results.map((result) => (
              <li key={result.href} className={styles.result}>
                <span className={styles.resultSection}>{result.section}</span>
                <span className={styles.resultTitle}>
                  <TextLink to={result.href}>
                    <Highlight text={result.title} terms={terms} />
                  </TextLink>
                </span>
                {result.snippet && (
                  <p className={styles.snippet}>
                    <Highlight text={result.snippet} terms={terms} />
                  </p>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            icon={<SearchX />}
            title="Nothing in the help matches your search"
            description={
              <>
                Try fewer or different words, such as &ldquo;invoice&rdquo;, &ldquo;2-step&rdquo; or
                &ldquo;cancel&rdquo;, or check the spelling. You can also browse the{' '}
                <TextLink to={HELP_PATHS.faq}>frequently asked questions</TextLink> or{' '}
                <TextLink to={HELP_PATHS.contact}>contact us</TextLink>.
              </>
            }
          />
        )
      ) : (
        <nav aria-label="Help sections">
          <ul className={styles.grid}>
            {SECTIONS.map((section) => (
              <li key={section.href}>
                <Card asChild>
                  <RouterLink to={section.href} className={styles.cardLink}>
                    <span className={styles.cardIcon} aria-hidden>
                      {section.icon}
                    </span>
                    <span className={styles.cardTitle}>{section.title}</span>
                    <span className={styles.cardText}>{section.description}</span>
                  </RouterLink>
                </Card>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <p className={styles.notice}>
        If a client is at risk right now, the <TextLink to={HELP_PATHS.resources}>Resources hub</TextLink> lists crisis
        lines for the UK, Ireland, the US, Canada and Australia.
      </p>
    </div>
  );
}
