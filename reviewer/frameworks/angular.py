"""Angular: lifecycle hooks are called on components and directives by name, and the interfaces of
pipes, forms controls, validators, guards, resolvers and HTTP interceptors each declare the methods
Angular calls; a class implementing `OnInit` is known to offer `ngOnInit` (and its other methods are
the project's own, alive when code or a template calls them)."""

from . import BaseRule, Framework

_LIFECYCLE = ("OnInit", "OnDestroy", "OnChanges", "DoCheck", "AfterContentInit", "AfterContentChecked",
              "AfterViewInit", "AfterViewChecked")

# https://angular.dev/api: each interface and the methods it declares.
_INTERFACES = {
    **{name: (f"ng{name}",) for name in _LIFECYCLE},
    "PipeTransform": ("transform",),
    "ControlValueAccessor": ("writeValue", "registerOnChange", "registerOnTouched", "setDisabledState"),
    "Validator": ("validate", "registerOnValidatorChange"),
    "AsyncValidator": ("validate", "registerOnValidatorChange"),
    "HttpInterceptor": ("intercept",),
    "CanActivate": ("canActivate",),
    "CanActivateChild": ("canActivateChild",),
    "CanDeactivate": ("canDeactivate",),
    "CanMatch": ("canMatch",),
    "CanLoad": ("canLoad",),
    "Resolve": ("resolve",),
}

FRAMEWORK = Framework(
    name="Angular",
    docs="https://angular.dev/guide/components/lifecycle",
    enabled_by=("@angular/core",),
    config_files=("angular.json",),
    bases=tuple(BaseRule(name, hooks=frozenset(methods)) for name, methods in _INTERFACES.items()),
    protocol_methods=frozenset(m for methods in _INTERFACES.values() for m in methods)
    | {"ngAcceptInputType", "ngTemplateContextGuard"},
)
