// Real-header tier: writes into tensors (torchdtype-inplace-dtype,
// torchdtype-out-dtype) on the real headers of each version. The messages
// are the same in 1.13 and 2.x (kb records), so no line is version-specific.
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

using torch::indexing::Slice;

// A replay buffer whose rewards come in as float64 from the environment.
void store(torch::Tensor &storage, const torch::Tensor &slots,
           const torch::Tensor &values) {
  storage.index_put_({slots}, values);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'index_put_' needs a source of the dtype of 'storage' (Float) but gets Double; this throws at run time{{.*}} [kb: pytorch/index-put-dtype-mismatch] [torchdtype-inplace-dtype]
}

void replay() {
  auto rewards = torch::zeros({32});
  auto slots = torch::arange(0, 8);
  store(rewards, slots, torch::ones({8}, torch::kDouble));
  store(rewards, slots, torch::ones({8}));
  rewards.index_put_({rewards > 0}, torch::tensor(1.0, torch::kDouble));
  rewards.index_put_({Slice(0, 8)}, torch::ones({8}, torch::kDouble));
}

void sources() {
  auto hist = torch::zeros({10});
  auto bins = torch::randint(0, 10, {64});
  hist.scatter_add_(0, bins, torch::ones_like(bins));
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'scatter_add_' needs a source of the dtype of 'hist' (Float) but gets Long; this throws at run time{{.*}} [kb: pytorch/scatter-src-dtype-mismatch] [torchdtype-inplace-dtype]
  hist.scatter_add_(0, bins, torch::ones_like(bins, torch::kFloat));
  auto cache = torch::zeros({16, 8});
  auto keys = torch::randn({4, 8}, torch::kDouble);
  cache.index_copy_(0, torch::arange(4), keys);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'index_copy_' needs a source {{.*}} [kb: pytorch/index-copy-dtype-mismatch] [torchdtype-inplace-dtype]
  cache.index_copy_(0, torch::arange(4), keys.to(cache.scalar_type()));
  auto center = torch::zeros({8});
  center.lerp_(torch::randn({8}, torch::kDouble), 0.1);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'lerp_' needs a source {{.*}} [kb: pytorch/lerp-dtype-mismatch] [torchdtype-inplace-dtype]
  center.copy_(torch::randn({8}, torch::kDouble));
}

void arithmetic() {
  auto counts = torch::arange(10);
  counts /= 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'operator/=' on 'counts' of dtype Long with true division gives a Float result that cannot be cast back to Long; this throws at run time{{.*}} [kb: pytorch/result-type-cast] [torchdtype-inplace-dtype]
  counts.div_(2, "floor");
  counts += torch::ones({10}, torch::kInt);
  auto weights = torch::rand({10});
  weights *= 0.5;
}

void outs() {
  auto logits = torch::randn({4, 3});
  auto preds = torch::empty({4}, torch::kInt);
  at::argmax_out(preds, logits, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'argmax_out' needs out tensor 'preds' of dtype Long but it has dtype Int; this throws at run time{{.*}} [kb: pytorch/out-dtype-mismatch] [torchdtype-out-dtype]
  auto top_v = torch::empty({4, 2});
  auto top_i = torch::empty({4, 2}, torch::kLong);
  at::topk_out(top_v, top_i, logits, 2, 1);
  auto acc = torch::empty({4, 4}, torch::kDouble);
  at::mm_out(acc, logits, logits.t());
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'mm_out' needs out tensor 'acc' of dtype Float but it has dtype Double; this throws at run time{{.*}} [kb: pytorch/out-dtype-mismatch] [torchdtype-out-dtype]
  at::add_out(acc, acc, acc);
}

// Inside a CPU autocast region: in-place writes and out= are not autocast.
void autocast_region() {
  torch::nn::Linear proj(8, 8);
  auto bank = torch::zeros({16, 8});
  at::autocast::set_cpu_enabled(true);
  auto emb = proj(torch::randn({4, 8}));
  bank.index_copy_(0, torch::arange(4), emb);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'index_copy_' needs a source of the dtype of 'bank' (Float) but gets BFloat16; {{.*}} [torchdtype-inplace-dtype]
  auto copy = bank.index_copy(0, torch::arange(4), emb);
  at::autocast::set_cpu_enabled(false);
}
