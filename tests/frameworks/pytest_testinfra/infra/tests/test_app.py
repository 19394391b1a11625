from hostvars import APP_HOST

testinfra_hosts = [APP_HOST]
unused_hosts = ['mon']


def test_nginx_is_running(host):
    assert host.service('nginx').is_running
