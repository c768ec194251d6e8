// scenario: export pipeline creates its exporter from --export (default fp16) and keeps it in a shared_ptr member; the fp16 exporter converts the MLP and the pipeline runs a CPU calibration pass on it
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <string>

enum class ExportFormat { FP32, FP16, BF16 };

torch::Dtype format_dtype(ExportFormat f) {
  switch (f) {
  case ExportFormat::FP16: return torch::kHalf;
  case ExportFormat::BF16: return torch::kBFloat16;
  case ExportFormat::FP32: break;
  }
  return torch::kFloat;
}

struct MlpImpl : torch::nn::Module {
  MlpImpl(int64_t in, int64_t hidden, int64_t out)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, out))) {}
  torch::Tensor forward(const torch::Tensor &x) {
    auto h = fc1(x); // BUG
    return fc2(h.clamp_min(0));
  }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Mlp);

class Exporter {
public:
  virtual ~Exporter() = default;
  virtual ExportFormat format() const = 0;
  virtual void prepare(torch::nn::Module &model) { model.to(format_dtype(format())); }
  virtual std::string suffix() const = 0;
};

class Fp32Exporter : public Exporter {
public:
  ExportFormat format() const override { return ExportFormat::FP32; }
  std::string suffix() const override { return ".fp32.pt"; }
};

class Fp16Exporter : public Exporter {
public:
  ExportFormat format() const override { return ExportFormat::FP16; }
  std::string suffix() const override { return ".fp16.pt"; }
};

std::shared_ptr<Exporter> make_exporter(const std::string &flag) {
  const auto value = flag.substr(flag.find('=') + 1);
  if (value == "fp16")
    return std::make_shared<Fp16Exporter>();
  return std::make_shared<Fp32Exporter>();
}

class ExportPipeline {
public:
  ExportPipeline(Mlp model, const std::string &flag) : model_(std::move(model)), exporter_(make_exporter(flag)) {}

  void run(const std::string &stem) {
    model_->eval();
    exporter_->prepare(*model_);
    torch::NoGradGuard no_grad;
    // calibration: check the converted model still produces sane outputs
    auto sample = torch::randn({8, 16}).to(format_dtype(exporter_->format()));
    auto out = model_->forward(sample);
    std::cout << "calibration max |y| " << out.abs().max().item<float>() << "\n";
    std::cout << "would write " << stem << exporter_->suffix() << "\n";
  }

private:
  Mlp model_;
  std::shared_ptr<Exporter> exporter_;
};

int main(int argc, char **argv) {
  torch::manual_seed(15);
  const std::string flag = argc > 1 ? argv[1] : "--export=fp16";
  ExportPipeline pipeline(Mlp(16, 64, 4), flag);
  pipeline.run("ranker");
  return 0;
}
