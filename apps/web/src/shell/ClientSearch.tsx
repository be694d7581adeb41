import { SEARCH_MAX_LENGTH, useApiClient } from '@halcyon/api/swr';
import { Sensitive, TextField } from '@halcyon/design-system';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { canOpen } from '../app/access';
import { Search } from '../app/icons';
import { useUserState } from '../app/userStore';
import styles from './Shell.module.css';

interface ClientMatch {
  id: number;
  name: string;
}

const DEBOUNCE_MS = 150;

/** What the search answered: the matches, or that it failed (never shown as "no match"). */
type SearchAnswer = ClientMatch[] | 'failed';

/**
 * The top bar's client-name search (SPEC.md §2, §5: label "Search on client name", at most 320 characters): lists
 * matching clients as the user types (debounced, through the name lookup every role may call) and opens one with the
 * mouse or the keyboard. A role that cannot open a client (SPEC.md §6: the Assistant) sees the names she books and
 * bills for, without links; a failed search says so instead of "No matching clients".
 */
export function ClientSearch() {
  const client = useApiClient();
  const navigate = useNavigate();
  const listId = useId();
  const [term, setTerm] = useState('');
  const { user } = useUserState();
  const canOpenClients = canOpen('/Clients', user?.role);
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const matches = answer === 'failed' ? null : answer;
  const [active, setActive] = useState(-1);
  const query = term.trim();

  useEffect(() => {
    if (!query) return;
    let live = true;
    const timer = setTimeout(() => {
      client
        .call('lookupClientNames', { query: { search: query } })
        .then((found) => {
          if (!live) return;
          setAnswer(found?.items ?? []);
          setActive(-1);
        })
        .catch((error: unknown) => {
          console.warn('The client search failed.', error);
          if (live) setAnswer('failed');
        });
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, query]);

  const open = (match: ClientMatch) => {
    if (!canOpenClients) return;
    setTerm('');
    setAnswer(null);
    void navigate(`/Clients/${match.id}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setAnswer(null);
      return;
    }
    if (!canOpenClients || !matches?.length) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % matches.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index <= 0 ? matches.length - 1 : index - 1));
    } else if (event.key === 'Enter' && active >= 0 && matches[active]) {
      event.preventDefault();
      open(matches[active]);
    }
  };

  const expanded = answer !== null && query.length > 0;
  return (
    <div className={styles.search} role="search">
      <TextField
        label="Search on client name"
        hideLabel
        type="search"
        placeholder="Search on client name"
        maxLength={SEARCH_MAX_LENGTH}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        onKeyDown={onKeyDown}
        startAdornment={<Search />}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
      />
      <ul id={listId} role="listbox" aria-label="Matching clients" className={styles.results} hidden={!expanded}>
        {answer === 'failed' && (
          <li role="option" aria-disabled="true" aria-selected="false" className={styles.noResult}>
            The search failed. Check your connection and type again.
          </li>
        )}
        {matches?.length === 0 && (
          <li role="option" aria-disabled="true" aria-selected="false" className={styles.noResult}>
            No matching clients
          </li>
        )}
        {!canOpenClients &&
          matches?.map((match) => (
            <li key={match.id} role="option" aria-disabled="true" aria-selected="false" className={styles.noResult}>
              <Sensitive focusable={false}>{match.name}</Sensitive>
            </li>
          ))}
        {canOpenClients &&
          matches?.map((match, index) => (
            // The options are chosen with the keyboard through the combobox (arrows and Enter), as the ARIA pattern says.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={match.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={styles.result}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => open(match)}
            >
              <Sensitive focusable={false}>{match.name}</Sensitive>
            </li>
          ))}
      </ul>
    </div>
  );
}
