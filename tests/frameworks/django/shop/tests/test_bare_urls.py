from django.test import TestCase, override_settings


@override_settings(ROOT_URLCONF="shop.tests.urlconf_bare")
class BareUrlsTest(TestCase):
    def test_health(self):
        self.assertEqual(self.client.get("/health/").status_code, 200)
