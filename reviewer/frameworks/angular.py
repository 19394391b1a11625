"""Angular: lifecycle hooks are called on components and directives by name; a class implementing
`OnInit` is known to offer `ngOnInit` (and its other methods are the project's own)."""

from . import BaseRule, Framework

_HOOKS = ("OnInit", "OnDestroy", "OnChanges", "DoCheck", "AfterContentInit", "AfterContentChecked",
          "AfterViewInit", "AfterViewChecked")

FRAMEWORK = Framework(
    name="Angular",
    docs="https://angular.dev/guide/components/lifecycle",
    enabled_by=("@angular/core",),
    config_files=("angular.json",),
    bases=tuple(BaseRule(name, hooks=frozenset({f"ng{name}"})) for name in _HOOKS),
    protocol_methods=frozenset(f"ng{name}" for name in _HOOKS) | {"ngAcceptInputType", "ngTemplateContextGuard",
                                                                    "validate", "registerOnChange",
                                                                    "registerOnTouched", "writeValue",
                                                                    "setDisabledState", "canActivate",
                                                                    "canDeactivate", "resolve", "intercept",
                                                                    "transform"},
)
