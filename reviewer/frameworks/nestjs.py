"""NestJS: modules, controllers and providers are registered by their decorators (`@Module`,
`@Controller`, `@Injectable`), which the analysis counts as registrations; `nest-cli.json` names the
application's entry file (read with the entry points)."""

from . import Framework

FRAMEWORK = Framework(
    name="NestJS",
    docs="https://docs.nestjs.com/cli/monorepo#cli-properties",
    enabled_by=("@nestjs/core", "file:nest-cli.json"),
    config_files=("nest-cli.json",),
    protocol_methods=frozenset({"onModuleInit", "onApplicationBootstrap", "onModuleDestroy",
                                "beforeApplicationShutdown", "onApplicationShutdown", "canActivate", "intercept",
                                "transform", "catch", "use", "configure"}),
)
