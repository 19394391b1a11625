from django.db import migrations, models


def forwards(apps, schema_editor):
    pass


class Migration(migrations.Migration):
    initial = True
    dependencies = []
    operations = [
        migrations.CreateModel("Product", [("name", models.CharField(max_length=100))]),
        migrations.RunPython(forwards),
    ]
