// The one input of the app's number fields: a text box (not type="number", which throws away
// what it cannot read as a number, so "thirty" reached the form as "" and nothing could say
// what was wrong). The form keeps the text and reads it with readNumber (number-text.ts).
import { forwardRef, type InputHTMLAttributes } from "react";
import { Input } from "../ui/field";

export const NumberInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, "type">>(
  function NumberInput(props, ref) {
    return <Input ref={ref} type="text" inputMode="numeric" autoComplete="off" spellCheck={false} {...props} />;
  },
);
