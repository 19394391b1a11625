"""Django REST framework: the function-view decorators that wrap a view in place (it is reached
through its route), and its test case classes (collected by the runner through unittest)."""

from . import Framework

FRAMEWORK = Framework(
    name="Django REST framework",
    docs="https://www.django-rest-framework.org/api-guide/views/#function-based-views",
    enabled_by=("djangorestframework", "rest_framework"),
    wrapping_decorators=frozenset({"api_view", "permission_classes", "authentication_classes", "throttle_classes",
                                   "renderer_classes", "parser_classes", "schema", "extend_schema"}),
)
