import ts from 'typescript';

/**
 * Reports TypeScript's own errors (what `tsc --noEmit` says) for each linted file, from the program typescript-eslint
 * has already built and type-checked for the type-aware rules. Lint and `pnpm typecheck` built and checked the same five
 * programs twice; CI's lint now does both.
 */
const checkedPrograms = new WeakSet();

function messageOf(diagnostic) {
  return `${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')} (TS${diagnostic.code})`;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "TypeScript's errors for the file, from the program type-aware linting builds" },
    schema: [],
  },
  create(context) {
    // Only for a file linted with type information: without a project typescript-eslint may still hand over a
    // one-file program (no tsconfig, no module resolution), whose errors are not tsc's.
    const { project, projectService, programs } = context.languageOptions.parserOptions ?? {};
    const program = project || projectService || programs ? context.sourceCode.parserServices?.program : undefined;
    if (!program) return {};
    return {
      Program(node) {
        const sourceFile = program.getSourceFile(context.physicalFilename);
        if (!sourceFile) return;
        const diagnostics = [
          ...program.getSyntacticDiagnostics(sourceFile),
          ...program.getSemanticDiagnostics(sourceFile),
        ];
        if (!checkedPrograms.has(program)) {
          checkedPrograms.add(program);
          diagnostics.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
        }
        for (const diagnostic of diagnostics) {
          // typescript-eslint turns on noUnusedLocals and noUnusedParameters for no-unused-vars; tsc with our tsconfigs
          // does not report unused names (ESLint's no-unused-vars does, with its own exceptions).
          if (diagnostic.category !== ts.DiagnosticCategory.Error || diagnostic.reportsUnnecessary) continue;
          if (diagnostic.file && diagnostic.start !== undefined) {
            const start = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
            const end = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start + (diagnostic.length ?? 0));
            context.report({
              node,
              loc: {
                start: { line: start.line + 1, column: start.character },
                end: { line: end.line + 1, column: end.character },
              },
              message: messageOf(diagnostic),
            });
          } else {
            context.report({ node, loc: { line: 1, column: 0 }, message: messageOf(diagnostic) });
          }
        }
      },
    };
  },
};

export default { rules: { 'typescript-errors': rule } };
