import { describe, expect, it } from 'vitest';
import * as modals from './index';

describe('@halcyon/modals public API', () => {
  it('given the package entry, then it exports exactly these names', () => {
    expect(Object.keys(modals).sort()).toMatchInlineSnapshot(`
      [
        "ConflictActions",
        "CurrencySelect",
        "DELETE_FAILED_MESSAGE",
        "DELETE_KINDS",
        "DELETE_KIND_NOUNS",
        "DELETE_SUCCESS_MESSAGES",
        "DISCARD_CHANGES_DESCRIPTION",
        "DISCARD_CHANGES_TITLE",
        "FormFill",
        "LoadError",
        "MODAL_TYPES",
        "ModalFields",
        "ModalHost",
        "ModalProvider",
        "ModalShell",
        "QueryState",
        "TaxRateField",
        "UNEXPECTED_ERROR_MESSAGE",
        "UnexpectedErrorModal",
        "clientFilterFields",
        "countActiveFilters",
        "currencyChoices",
        "deleteQuestion",
        "emptyFilterValue",
        "emptyFilterValues",
        "initialFilterValues",
        "isActiveFilterValue",
        "isConflictError",
        "isFilterChoice",
        "isModalType",
        "missingModalTypes",
        "registry",
        "submitErrorMessage",
        "useContractForm",
        "useModal",
        "useModalForm",
        "useModalInstance",
      ]
    `);
  });
});
