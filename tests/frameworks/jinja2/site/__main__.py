from jinja2 import Environment

from .ext import CacheExtension

env = Environment(extensions=[CacheExtension])
print(env.from_string("{% cache %}{% endcache %}").render())
