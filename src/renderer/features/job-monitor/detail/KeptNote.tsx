import type { KeptPart } from '../../../../shared/sdk/decompile/decompile-payload';

/**
 * The parts of a payload that stay in the SDK's form when it is opened in the friendly form,
 * each with why: said plainly, not as an error (nothing is lost: they are shown, and sent
 * again, exactly as the SDK wrote them).
 */
export function KeptNote({ kept }: { kept: readonly KeptPart[] }) {
  return (
    <div className="callout callout-info jm-payload-kept" data-testid="payload-kept">
      <div>
        <p>
          {kept.length === 1 ? 'One part stays' : `${kept.length} parts stay`} in the SDK&apos;s
          form, inline below: the friendly form cannot hold {kept.length === 1 ? 'it' : 'them'}{' '}
          exactly, so {kept.length === 1 ? 'it is' : 'they are'} shown, and sent again, as the SDK
          wrote {kept.length === 1 ? 'it' : 'them'}.
        </p>
        <ul>
          {kept.map((k) => (
            <li key={k.path}>
              <code>{k.path}</code>: {k.reason}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
