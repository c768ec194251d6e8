// Real-header tier: tensor conversions whose result is dropped
// (torchdtype-discarded-conversion), on the real Tensor of each version.
// The methods are the same in 1.13 and 2.x, so no line is version-specific.
#include <torch/torch.h>

#include <vector>

// A data loader's collate step that means to move the batch to the GPU.
struct Batch {
  torch::Tensor images, labels;
};

void to_device(Batch &batch, const torch::Device &device, bool fp16) {
  batch.images.to(device);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: result of 'to' is discarded: 'batch.images' is not converted and keeps its dtype and device [kb: pytorch/discarded-conversion] [torchdtype-discarded-conversion]
  batch.labels = batch.labels.to(device);
  if (fp16)
    batch.images.toType(torch::kHalf);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: result of 'toType' is discarded: 'batch.images' is not converted
}

template <typename Tensors> void all_to_gpu(Tensors &tensors) {
  for (auto &t : tensors)
    t.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: result of 'cuda' is discarded: 't' is not converted
}
template void all_to_gpu(std::vector<torch::Tensor> &);

torch::Tensor project(torch::Tensor x, torch::nn::Linear &head,
                      const torch::Tensor &reference) {
  head->to(torch::kDouble);  // a module converts in place
  x.type_as(reference);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: result of 'type_as' is discarded: 'x' is not converted
  (void)x.cpu();
  auto run = [&] { x.cpu(); };
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: result of 'cpu' is discarded: 'x' is not converted
  run();
  return head->forward(x.to(torch::kDouble));
}
