from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Restock"

    def add_arguments(self, parser):
        parser.add_argument("count", type=int)

    def handle(self, *args, **options):
        self.stdout.write(str(options["count"]))
