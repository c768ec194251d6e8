# Only a comment names the helper: _cast_if_autocast_enabled(x, w)
import fused_ext

HELP = "wrap with custom_fwd(cast_inputs=torch.float16) or half_function"


def commented(x, w):
    return fused_ext.commented(x, w)


def norm_rows_cast(x, scale):
    return fused_ext.norm_rows(x.float(), scale.float())
