from PyInstaller.utils.hooks import collect_data_files

hiddenimports = ["pip._internal.commands.install"]
datas = collect_data_files("pip")


def hook(hook_api):
    for name in _names():
        hook_api.add_imports(name)


def _names():
    return ["pip._vendor.rich"]


def _leftover():
    return "no one calls this"
