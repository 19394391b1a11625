import click


@click.group()
def cli():
    """The tool."""


@cli.command()
@click.option("--name", default="world")
def hello(name):
    click.echo(f"hello {name}")


@click.command()
@click.argument("path")
def export(path):
    click.echo(path)


cli.add_command(export)


@click.command()
@click.option("--force", is_flag=True)
def forgotten(force):
    """Built but added to no group."""
    click.echo(force)
