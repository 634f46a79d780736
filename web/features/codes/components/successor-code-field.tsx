import { useState, type Ref } from "react";
import type { QrCode } from "#schema/responses/index.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Combobox } from "#web/components/ui/combobox.tsx";
import { formatDate } from "#web/lib/format.ts";
import { useDebouncedValue } from "#web/lib/use-debounced-value.ts";
import { useCodeSearch } from "../api/list-codes";
import { codeTitle, isRevoked } from "../lib/describe-code";

const TYPING_PAUSE_MS = 250;
/** Enough to choose from on a phone; typing narrows the list, it is not scrolled through. */
const SUGGESTIONS = 20;

const optionLabel = (code: QrCode) =>
  [codeTitle(code), code.propertyReference, formatDate(code.valuationDate, "short")].filter(Boolean).join(" · ");

interface Props {
  code: QrCode;
  error?: string;
  onChange: (codeId: number | undefined) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
}

/**
 * The optional code that replaces a revoked one, found by typing its address, reference or
 * verification code (the History search); the newest codes are offered before anything is typed.
 * The code itself and revoked codes are left out: the server refuses both.
 */
export function SuccessorCodeField({ code, error, onChange, onBlur, inputRef }: Props) {
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<QrCode | null>(null);
  const [open, setOpen] = useState(false);
  // Once a code is chosen its label fills the box; the list then offers the newest codes again.
  const query = useDebouncedValue(chosen ? "" : text.trim(), TYPING_PAUSE_MS);
  const codes = useCodeSearch(SUGGESTIONS, query, open);
  const candidates = (codes.data ?? []).filter((candidate) => candidate.id !== code.id && !isRevoked(candidate));

  const choose = (candidate: QrCode | null) => {
    setChosen(candidate);
    setText(candidate ? optionLabel(candidate) : "");
    onChange(candidate?.id);
  };

  let hint = "Scanners of this code will be pointed to the replacement's certificate.";
  if (codes.isError) hint = "Your codes could not be loaded; you can revoke without naming a replacement.";
  else if (open && codes.isSuccess && candidates.length === 0)
    hint = query ? `No other valid code matches “${query}”.` : "You have no other valid code to name.";

  return (
    <div className="space-y-1">
      <Combobox
        label="Replaced by (optional)"
        hint={hint}
        error={error}
        placeholder="Address, reference or code"
        inputRef={inputRef}
        text={text}
        onTextChange={(typed) => {
          setText(typed);
          if (chosen) {
            setChosen(null);
            onChange(undefined);
          }
        }}
        onBlur={onBlur}
        onOpenChange={setOpen}
        openOnFocus
        options={candidates}
        optionKey={(candidate) => String(candidate.id)}
        optionLabel={optionLabel}
        onChoose={choose}
        listLabel="Codes that could replace this one"
      />
      {chosen && (
        <Button variant="link" size="sm" onClick={() => choose(null)}>
          No replacement
        </Button>
      )}
    </div>
  );
}
