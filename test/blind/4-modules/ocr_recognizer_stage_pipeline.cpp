// scenario: an OCR line recognizer built from a stage list stores its large classifier stage in half precision to save memory
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <variant>
#include <vector>

namespace {

struct ConvSpec {
  int64_t in, out, kernel;
};
struct DenseSpec {
  int64_t in, out;
  bool compact; // store weights in float16
};
using StageSpec = std::variant<ConvSpec, DenseSpec>;

struct Stage {
  std::string name;
  torch::nn::AnyModule module;
  torch::Dtype dtype;
};

Stage makeStage(const std::string &name, const StageSpec &spec) {
  return std::visit(
      [&](const auto &s) -> Stage {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, ConvSpec>) {
          auto conv = torch::nn::Conv2d(torch::nn::Conv2dOptions(s.in, s.out, s.kernel).padding(s.kernel / 2));
          return {name, torch::nn::AnyModule(conv), torch::kFloat32};
        } else {
          auto dense = torch::nn::Linear(s.in, s.out);
          const torch::Dtype dtype = s.compact ? torch::kFloat16 : torch::kFloat32;
          dense->to(dtype);
          return {name, torch::nn::AnyModule(dense), dtype};
        }
      },
      spec);
}

class LineRecognizer {
public:
  explicit LineRecognizer(const std::vector<std::pair<std::string, StageSpec>> &specs) {
    for (const auto &[name, spec] : specs) stages_.push_back(makeStage(name, spec));
  }

  torch::Tensor recognize(torch::Tensor line_image) {
    torch::NoGradGuard no_grad;
    torch::Tensor x = line_image;
    for (auto &stage : stages_) {
      if (stage.name == "flatten") x = x.mean(2).permute({0, 2, 1}); // [B, W, C]
      x = x.to(stage.dtype);
      x = stage.module.forward(x); // BUG
    }
    return x.to(torch::kFloat32).log_softmax(-1);
  }

private:
  std::vector<Stage> stages_;
};

} // namespace

int main() {
  LineRecognizer recognizer({
      {"stem", ConvSpec{1, 16, 3}},
      {"body", ConvSpec{16, 32, 3}},
      {"flatten", DenseSpec{32, 64, false}},
      {"charset", DenseSpec{64, 4000, true}}, // 4k-glyph CJK charset
  });
  auto log_probs = recognizer.recognize(torch::rand({1, 1, 32, 128}));
  auto best = log_probs.argmax(-1);
  std::cout << "decoded " << best.size(1) << " columns, first glyph id " << best[0][0].item<int64_t>() << "\n";
  return 0;
}
