from django.http import HttpResponse
from django.views.decorators.http import require_GET
from django.views.generic import ListView

from .forms import OrderForm
from .models import Product
from .pricing import price_with_tax


class ProductList(ListView):
    model = Product

    def get_queryset(self):
        return Product.objects.all()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["form"] = OrderForm()
        return context


@require_GET
def health(request):
    return HttpResponse(str(price_with_tax(1)))


def not_found(request, exception):
    return HttpResponse("missing", status=404)


@require_GET
def unrouted_view(request):
    return HttpResponse("nobody routes here")
