import { Directive, forwardRef } from "@angular/core";
import { ControlValueAccessor, NG_VALUE_ACCESSOR } from "@angular/forms";

@Directive({
  selector: "[appRating]",
  providers: [{ provide: NG_VALUE_ACCESSOR, useExisting: forwardRef(() => RatingAccessor), multi: true }],
})
export class RatingAccessor implements ControlValueAccessor {
  writeValue(value: number): void {
    console.log(value);
  }

  registerOnChange(fn: (value: number) => void): void {
    console.log(fn);
  }

  registerOnTouched(fn: () => void): void {}

  resetStars(): void {}
}
