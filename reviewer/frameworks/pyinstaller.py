"""PyInstaller: a hook file `hook-<module>.py` (in the hooks folders given by `--additional-hooks-dir`
or a package's `hook-dirs` entry point) is read by the freezer when it meets that module: it calls
`hook(hook_api)` and reads the module-level `hiddenimports`, `excludedimports`, `datas`, `binaries`,
`warn_on_missing_hiddenimports`, `module_collection_mode`; a pre-safe-import or pre-find-module-path
hook defines `pre_safe_import_module(api)` or `pre_find_module_path(api)`."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="PyInstaller",
    docs="https://pyinstaller.org/en/stable/hooks.html",
    enabled_by=("pyinstaller", "PyInstaller", "file:**/hook-*.py"),
    files=(FileRoot(r"(?:^|/)hook-[\w.]+\.py$",
                    r"hook|pre_safe_import_module|pre_find_module_path|hiddenimports|excludedimports|datas|binaries"
                    r"|warn_on_missing_hiddenimports|module_collection_mode",
                    "PyInstaller hook (the freezer reads it for the module it names)"),),
)
