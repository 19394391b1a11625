"""JS task runners and generators (plop, gulp, grunt, jake, yeoman): they load their file by name and
call what it exports or registers. The file's name may be capitalized (`Gulpfile.js`, grunt's `Gruntfile.js`)."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="JS task runners",
    docs="https://gulpjs.com/docs/en/getting-started/creating-tasks",
    enabled_by=("gulp", "grunt", "plop", "jake", "yeoman-generator", "file:plopfile.*", "file:gulpfile.*",
                "file:Gulpfile.*", "file:gruntfile.*", "file:Gruntfile.*", "file:jakefile.*", "file:Jakefile.*"),
    files=(FileRoot(r"(?:^|/)(?:[Pp]lopfile|[Gg]ulpfile|[Gg]runtfile|[Jj]akefile)\.(?:[cm]?[jt]sx?)$|(?:^|/)generators/",
                    why="task runner / generator"),),
)
