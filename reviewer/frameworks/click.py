"""click: `@click.command()` and `@click.group()` build a command object and register it nowhere (a
command lives when a group adds it, an entry point names it or code calls it), and the parameter
decorators only wrap; `@cli.command()` on a group registers on that group (the default for a
decorator). Only the dotted `click.` forms are listed: a bare `@command` may be a group's."""

from . import Framework

FRAMEWORK = Framework(
    name="click",
    docs="https://click.palletsprojects.com/en/stable/api/#decorators",
    enabled_by=("click",),
    wrapping_decorators=frozenset({
        "click.command", "click.group", "click.option", "click.argument", "click.pass_context", "click.pass_obj",
        "click.version_option", "click.help_option", "click.password_option", "click.confirmation_option",
        "click.pass_meta_key",
    }),
)
