"""JS task runners and generators (plop, gulp, grunt, jake, yeoman): they load their file by name and
call what it exports or registers."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="JS task runners",
    docs="https://gulpjs.com/docs/en/getting-started/creating-tasks",
    enabled_by=("gulp", "grunt", "plop", "jake", "yeoman-generator", "file:plopfile.*", "file:gulpfile.*",
                "file:gruntfile.*", "file:Gruntfile.*", "file:jakefile.*"),
    files=(FileRoot(r"(?:^|/)(?:plopfile|gulpfile|gruntfile|jakefile)\.(?:[cm]?[jt]sx?)$|(?:^|/)generators/",
                    why="task runner / generator"),),
)
