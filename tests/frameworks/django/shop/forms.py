from django import forms


class OrderForm(forms.Form):
    quantity = forms.IntegerField()

    def clean_quantity(self):
        return self.cleaned_data["quantity"]
