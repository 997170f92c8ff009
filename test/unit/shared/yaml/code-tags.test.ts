import { describe, expect, it } from 'vitest';
import {
  codeBearingTag,
  documentToExecutePayload,
  findCodeBearingTags,
  parsePayloadText,
} from '../../../../src/shared/yaml';

const TEXT = `type: variational_program
variational_program_payload:
  variational_program: !VariationalProgram
    functional: !Sampling {nshots: 10}
    cost: !function gASVKAAAAAAAAACMCGJ1aWx0aW5zlIwFcHJpbnSUk5Qu
    steps:
      - !lambda gASVAAAA
      - !type numpy.float64
    hook: !!python/object/apply:os.system ["echo hi"]
    name: !!python/name:builtins.print
    !function key: 1
    harmless: "!function in a string"
    # !lambda in a comment
`;

describe('findCodeBearingTags', () => {
  it('lists every tag that would run code, with its path and position', () => {
    const { doc, lineCounter, problems } = parsePayloadText(TEXT);
    expect(problems).toEqual([]);
    expect(findCodeBearingTags(doc, lineCounter)).toEqual([
      {
        tag: '!function',
        path: 'variational_program_payload.variational_program.cost',
        line: 5,
        column: 11,
        endLine: 5,
        endColumn: 20,
      },
      {
        tag: '!lambda',
        path: 'variational_program_payload.variational_program.steps[0]',
        line: 7,
        column: 9,
        endLine: 7,
        endColumn: 16,
      },
      {
        tag: '!type',
        path: 'variational_program_payload.variational_program.steps[1]',
        line: 8,
        column: 9,
        endLine: 8,
        endColumn: 14,
      },
      {
        tag: '!!python/object/apply:os.system',
        path: 'variational_program_payload.variational_program.hook',
        line: 9,
        column: 11,
        endLine: 9,
        endColumn: 42,
      },
      {
        tag: '!!python/name:builtins.print',
        path: 'variational_program_payload.variational_program.name',
        line: 10,
        column: 11,
        endLine: 10,
        endColumn: 39,
      },
      {
        tag: '!function',
        path: 'variational_program_payload.variational_program',
        line: 11,
        column: 5,
        endLine: 11,
        endColumn: 14,
      },
    ]);
  });

  it('finds nothing in a clean document', () => {
    const { doc, lineCounter } = parsePayloadText(
      'type: sampling\nsampling_payload: {sampling: !Sampling {}}\n',
    );
    expect(findCodeBearingTags(doc, lineCounter)).toEqual([]);
  });
});

describe('code-bearing tags of any language', () => {
  const LANGUAGE_TAGS = [
    '!!js/function "function () { return 1 }"',
    '!!js/undefined ""',
    '!!js/regexp /x/',
    '!ruby/object:Gem::Installer {}',
    '!!ruby/hash:ActiveSupport::HashWithIndifferentAccess {}',
    '!!perl/code "{ 1 }"',
    '!!php/object "O:8:stdClass:0:{}"',
    '!!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[!!java.net.URL ["http://x"]]]]',
    '!java.lang.ProcessBuilder [[calc]]',
    '!<tag:yaml.org,2002:js/function> "f"',
    '!<tag:ruby.yaml.org,2002:object:Foo> {}',
    '!python/name:os.system ""',
  ];

  it.each(LANGUAGE_TAGS)('%s is warned about like !function', (value) => {
    const text = `type: sampling\nsampling_payload:\n  sampling: !Sampling\n    nshots: ${value}\n`;
    const { problems } = documentToExecutePayload('B', text);
    const code = problems.filter((p) => p.code === 'code_bearing_tag');
    expect(code.length).toBeGreaterThan(0);
    expect(code[0]).toMatchObject({ severity: 'warning', line: 4, column: 13 });
    expect(code[0]!.message).toMatch(/holds code that the service's deserialiser would run/);
  });

  it('YAML’s own types and the dialect’s tags are not code', () => {
    for (const tag of [
      'tag:yaml.org,2002:str',
      'tag:yaml.org,2002:binary',
      'tag:yaml.org,2002:timestamp',
      '!Sampling',
      '!ndarray',
      '!tuple',
      '!complex',
      '!VendorHint',
    ]) {
      expect(codeBearingTag(tag), tag).toBeNull();
    }
    expect(codeBearingTag('tag:yaml.org,2002:js/function')).toBe('!!js/function');
  });
});
