import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { repoFiles } from './repo-paths';

/**
 * The prose of the project's own source files: comments and string literals, read through
 * TypeScript's parser so that a `//` inside a string or a regular expression is never taken for a
 * comment, and a comment inside JSX or before a closing brace is never missed.
 */

/** Where the project's own code lives (configuration files at the root included). */
export const SOURCE_ROOTS = ['core', 'lambdas', 'infra', 'bin', 'web', 'test', 'bench'] as const;
const ROOT_FILES = /^[^/]+\.config\.(ts|js)$/;
const SOURCE = /\.(ts|tsx|js|mjs)$/;

export interface SourceText {
  /** Repository-relative path of the file. */
  readonly file: string;
  /** 1-based line the text starts on. */
  readonly line: number;
  readonly kind: 'comment' | 'string';
  /** A comment (consecutive `//` lines joined as one) or the contents of one string literal. */
  readonly text: string;
}

/** Every source file of the project, repository-relative, outside what git ignores. */
export function sourceFiles(root: string): string[] {
  const rootFiles = readdirSync(root).filter((name) => ROOT_FILES.test(name));
  const nested = SOURCE_ROOTS.flatMap((dir) => repoFiles(root, dir));
  return [...rootFiles, ...nested].filter((file) => SOURCE.test(file)).sort();
}

const scriptKind = (file: string): ts.ScriptKind =>
  file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : /\.m?js$/.test(file)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;

const STRING_KINDS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);

/** The comments and string literals of one file, in the order they appear. */
export function textsOf(file: string, source: string): SourceText[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, scriptKind(file));
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const comments = new Map<number, ts.CommentRange>();
  const strings: SourceText[] = [];

  // Every token's leading trivia holds the comments before it; walking all children (tokens
  // included) reaches every piece of trivia in the file.
  const visit = (node: ts.Node) => {
    for (const range of ts.getLeadingCommentRanges(source, node.pos) ?? []) {
      comments.set(range.pos, range);
    }
    if (STRING_KINDS.has(node.kind)) {
      const literal = node as ts.LiteralLikeNode;
      strings.push({ file, line: lineOf(node.getStart(sf)), kind: 'string', text: literal.text });
    }
    if (ts.isJSDoc(node)) return;
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);

  return [...joinLineComments(file, source, [...comments.values()], lineOf), ...strings].sort(
    (a, b) => a.line - b.line,
  );
}

/** Comments as units of meaning: a run of `//` comments on consecutive lines is one comment. */
function joinLineComments(
  file: string,
  source: string,
  ranges: ts.CommentRange[],
  lineOf: (pos: number) => number,
): SourceText[] {
  const joined: SourceText[] = [];
  let last: { line: number; single: boolean } | undefined;
  for (const range of ranges.sort((a, b) => a.pos - b.pos)) {
    const text = source.slice(range.pos, range.end);
    const line = lineOf(range.pos);
    const single = range.kind === ts.SyntaxKind.SingleLineCommentTrivia;
    const previous = joined.at(-1);
    if (single && last?.single && last.line === line - 1 && previous) {
      joined[joined.length - 1] = { ...previous, text: `${previous.text}\n${text}` };
    } else {
      joined.push({ file, line, kind: 'comment', text });
    }
    last = { line: lineOf(range.end), single };
  }
  return joined;
}

/** The comments and string literals of every source file. */
export function projectTexts(root: string, want: (source: string) => boolean = () => true) {
  return sourceFiles(root).flatMap((file) => {
    const source = readFileSync(join(root, file), 'utf8');
    return want(source) ? textsOf(file, source) : [];
  });
}
