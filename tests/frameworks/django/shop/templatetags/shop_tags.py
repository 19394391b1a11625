from django import template

register = template.Library()


@register.filter
def price(value):
    return f"{value} EUR"


@register.simple_tag
def shop_name():
    return "Shop"
